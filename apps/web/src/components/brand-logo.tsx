/** The Voltline mark and name; the name hides when the side navigation is collapsed. */
export function BrandLogo({ compact = false, color }: { compact?: boolean; color?: string }) {
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 10, height: 64 }}>
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" style={{ flex: 'none' }}>
        <rect width="64" height="64" rx="14" fill="#3e82f7" />
        <path d="M36 8 16 36h14l-4 20 22-30H34z" fill="#fff" />
      </svg>
      {!compact && (
        <span style={{ fontSize: 20, fontWeight: 600, letterSpacing: 0.2, color, whiteSpace: 'nowrap' }}>
          Voltline
        </span>
      )}
    </span>
  );
}
