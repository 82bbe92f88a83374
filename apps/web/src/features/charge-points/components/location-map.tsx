import { useEffect } from 'react';
import { CircleMarker, MapContainer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { MapTiles } from '../../../app/components/map-tiles';

/** Türkiye, where most of the network is, when nothing is chosen yet. */
const DEFAULT_CENTER: [number, number] = [39.0, 35.0];

function ClickToPick({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  return null;
}

function FollowPoint({ point }: { point: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (point) map.panTo(point);
  }, [map, point]);
  return null;
}

/**
 * Clicking the map sets the coordinates. A circle marker needs no image files, and the map still
 * takes clicks when the tiles cannot be fetched (no internet), so the fields can always be set.
 */
export default function LocationMap({
  latitude,
  longitude,
  onPick,
  label,
}: {
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  onPick: (lat: number, lng: number) => void;
  label: string;
}) {
  const point: [number, number] | null =
    typeof latitude === 'number' && typeof longitude === 'number' ? [latitude, longitude] : null;
  return (
    <div
      aria-label={label}
      data-testid="cp-location-map"
      style={{ height: 320, borderRadius: 8, overflow: 'hidden' }}
    >
      <MapContainer
        center={point ?? DEFAULT_CENTER}
        zoom={point ? 13 : 5}
        style={{ height: '100%', width: '100%', background: 'var(--ant-color-fill-tertiary, #f0f0f0)' }}
      >
        <MapTiles />
        <ClickToPick onPick={onPick} />
        <FollowPoint point={point} />
        {point && (
          <CircleMarker center={point} radius={9} pathOptions={{ color: '#3e82f7', fillOpacity: 0.6 }} />
        )}
      </MapContainer>
    </div>
  );
}
