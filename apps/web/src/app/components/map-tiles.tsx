import { TileLayer } from 'react-leaflet';
import { useConfig } from '../../api/get-config';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The tile layer of every map, from the server's public config (MAP_TILE_URL and its
 * attribution). None when the operator switched tiles off, or until the config is known: the
 * markers still show on the map's plain background.
 */
export function MapTiles() {
  const { data } = useConfig();
  if (!data?.mapTileUrl) return null;
  // Leaflet puts the attribution in as HTML; the configured text is shown as text.
  return <TileLayer url={data.mapTileUrl} attribution={escape(data.mapAttribution)} />;
}
