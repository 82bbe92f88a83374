import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { contrast, readable, readableTheme } from './readable-theme';
import { TOP_NAV_COLORS } from './theme';

const AA = 4.5;

describe('readable theme', () => {
  it('darkens a colour toward black, or lightens it toward white, only as far as AA needs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
    expect(readable('#1f2937', ['#ffffff'], '#000000')).toBe('#1f2937');
    const darker = readable('#3e82f7', ['#ffffff'], '#000000');
    expect(contrast(darker, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrast(darker, '#ffffff')).toBeLessThan(5.5);
    expect(contrast(readable('#3e82f7', ['#141414'], '#ffffff'), '#141414')).toBeGreaterThanOrEqual(AA);
  });

  // The primary colour is the user's: every choice the settings offer, and one the picker may give.
  for (const mode of ['light', 'dark'] as const) {
    it.each([...TOP_NAV_COLORS, '#ffd400'])(
      `keeps text colours readable in the ${mode} theme with %s`,
      (primary) => {
        const t = theme.getDesignToken(readableTheme(mode, primary)) as unknown as Record<string, string>;
        const page = t.colorBgContainer ?? '';
        for (const key of [
          'colorPrimary',
          'colorLink',
          'colorError',
          'colorSuccessText',
          'colorWarningText',
        ]) {
          expect(contrast(t[key] ?? '', page), key).toBeGreaterThanOrEqual(AA);
        }
        // Menus and tabs write the primary colour on its own tint; tags write shade 7 on shade 1.
        expect(contrast(t.colorPrimary ?? '', t.colorPrimaryBg ?? '')).toBeGreaterThanOrEqual(AA);
        for (const preset of ['green', 'cyan', 'gold', 'purple', 'geekblue'])
          expect(contrast(t[`${preset}7`] ?? '', t[`${preset}1`] ?? ''), preset).toBeGreaterThanOrEqual(AA);
        // A primary button's text: white on the light theme's dark accent, black on the dark one's light accent.
        expect(
          contrast(t.colorPrimary ?? '', mode === 'dark' ? '#000000' : '#ffffff'),
        ).toBeGreaterThanOrEqual(AA);
      },
    );
  }
});
