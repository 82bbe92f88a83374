import { useMemo, useState } from 'react';
import L from 'leaflet';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import type { MapPoint } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { gridCluster } from '../../lib/cluster';
import { clusterIcon, pointIcon } from './icons';
import { PointPopup } from './point-popup';

/** Points closer than this many screen pixels share a cluster. */
const CELL_PX = 64;
/** From this zoom on every point has its own marker (a street: points no longer overlap). */
const NO_CLUSTER_ZOOM = 15;

/** The charge points as markers, grouped into clusters that split up as the user zooms in. */
export function ClusterLayer({ points }: { points: MapPoint[] }) {
  const { t } = useTranslation('dashboards');
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });

  const clusters = useMemo(
    () =>
      zoom >= NO_CLUSTER_ZOOM
        ? points.map((p) => ({ items: [p] }))
        : gridCluster(points, (p) => map.project([p.latitude, p.longitude], zoom), CELL_PX),
    [map, points, zoom],
  );

  return clusters.map(({ items }) => {
    const [first] = items;
    if (!first) return null;
    if (items.length === 1)
      return (
        <Marker
          key={first.id}
          position={[first.latitude, first.longitude]}
          icon={pointIcon(first.state)}
          title={first.name}
          alt={first.name}
        >
          <Popup>
            <PointPopup point={first} />
          </Popup>
        </Marker>
      );
    const bounds = L.latLngBounds(items.map((p) => [p.latitude, p.longitude] as [number, number]));
    const center = bounds.getCenter();
    const label = t('map.cluster', { count: items.length });
    return (
      <Marker
        key={`cluster-${items.map((p) => p.id).join('-')}`}
        position={center}
        icon={clusterIcon(items.map((p) => p.state))}
        title={label}
        alt={label}
        eventHandlers={{
          // Points at one spot cannot be told apart by zooming to their bounds: step in instead.
          click: () =>
            bounds.getNorthEast().equals(bounds.getSouthWest())
              ? map.setView(center, Math.max(zoom + 2, NO_CLUSTER_ZOOM))
              : map.fitBounds(bounds, { padding: [48, 48], maxZoom: NO_CLUSTER_ZOOM }),
        }}
      />
    );
  });
}
