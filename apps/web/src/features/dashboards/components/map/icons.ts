import L from 'leaflet';
import { stateGradient } from '../../lib/cluster';
import { STATE_COLORS, type MapState } from '../../lib/colors';

// Markers are plain HTML, so Leaflet needs none of its image files and nothing is fetched.
const pointIcons = new Map<MapState, L.DivIcon>();

export function pointIcon(state: MapState): L.DivIcon {
  let icon = pointIcons.get(state);
  if (!icon) {
    icon = L.divIcon({
      className: `dash-marker dash-marker--${state}`,
      html: `<span class="dash-marker__dot" style="background:${STATE_COLORS[state]}"></span>`,
      iconSize: [18, 18],
      iconAnchor: [9, 9],
      popupAnchor: [0, -10],
    });
    pointIcons.set(state, icon);
  }
  return icon;
}

/** A count in a ring whose slices show the members' states. */
export function clusterIcon(states: MapState[]): L.DivIcon {
  return L.divIcon({
    className: 'dash-marker dash-marker--cluster',
    html: `<span class="dash-marker__cluster" style="background:${stateGradient(states, STATE_COLORS)}"><span class="dash-marker__count">${states.length}</span></span>`,
    iconSize: [40, 40],
    iconAnchor: [20, 20],
  });
}
