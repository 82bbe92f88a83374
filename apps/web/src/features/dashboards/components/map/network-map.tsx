import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import type { MapPoint } from '@voltline/contract';
import 'leaflet/dist/leaflet.css';
import { MapTiles } from '../../../../app/components/map-tiles';
import './map.css';
import { ClusterLayer } from './cluster-layer';

/** Türkiye, where most of the network is, before there is anything to fit. */
const DEFAULT_CENTER: [number, number] = [39.0, 35.0];

/** Fits the view to the points once per filter, not on every refresh, so the user's zoom stays. */
function FitToPoints({ points, fitKey }: { points: MapPoint[]; fitKey: string }) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (fitted.current === fitKey || points.length === 0) return;
    fitted.current = fitKey;
    const bounds = L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: 14 });
  }, [map, points, fitKey]);
  return null;
}

export function NetworkMap({ points, fitKey, label }: { points: MapPoint[]; fitKey: string; label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      data-testid="network-map"
      style={{ height: 'calc(100vh - 260px)', minHeight: 420 }}
    >
      <MapContainer
        center={DEFAULT_CENTER}
        zoom={5}
        className="dash-map"
        style={{ height: '100%', width: '100%' }}
      >
        <MapTiles />
        <FitToPoints points={points} fitKey={fitKey} />
        <ClusterLayer points={points} />
      </MapContainer>
    </div>
  );
}
