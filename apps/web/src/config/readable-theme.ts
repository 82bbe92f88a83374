import { theme as antTheme, type ThemeConfig } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';
import type { ThemeMode } from './theme';

// WCAG 2 AA asks 4.5:1 between text and what is behind it. Ant Design's own colours fall short in
// both themes (a link is 4.1:1 on white, 3.6:1 on the dark background; secondary text 3.4:1), and
// the primary colour is the user's: every colour that carries text is brought to 4.5:1 here,
// moving it away from the background (darker in the light theme, lighter in the dark one).
const AA = 4.5;

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) =>
    c <= 10 ? c / 3294.6 : ((c / 255 + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05;
}

/** The WCAG contrast ratio of two `#rrggbb` colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return x > y ? x / y : y / x;
}

const mix = (hex: string, to: string, t: number) => {
  const target = channels(to);
  return `#${channels(hex)
    .map((c, i) =>
      Math.round(c + ((target[i] ?? c) - c) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

/** `hex`, or the nearest shade toward `to` that reaches AA on every one of `backgrounds`. */
export function readable(hex: string, backgrounds: string[], to: string): string {
  let shade = hex;
  for (let t = 0; /^#[0-9a-f]{6}$/i.test(hex) && t < 1; t += 0.02) {
    shade = mix(hex, to, t);
    if (backgrounds.every((bg) => contrast(shade, bg) >= AA)) break;
  }
  return shade;
}

const ACCENTS = ['Primary', 'Success', 'Warning', 'Error', 'Info', 'Link'];
const SHADES = ['', 'Hover', 'Active', 'Text', 'TextHover', 'TextActive'];
// Tags write in shade 7 of a preset palette, on shade 1.
const TAG_TEXT = /^[a-z]+7$/;

function readableColours(dark: boolean) {
  const to = dark ? '#ffffff' : '#000000';
  return (_seed: SeedToken, map?: MapToken): MapToken => {
    const token = { ...map } as Record<string, string>;
    const bg = token.colorBgContainer ?? '';
    for (const name of ACCENTS) {
      // Menus and tabs write the accent on its tint. A tint too deep for any shade of the accent
      // (antd's tint of a near-black primary is mid-grey) is lightened instead.
      const tintKey = `color${name}Bg`;
      const tint = token[tintKey];
      // The layout background is also the light theme's darkest row hover and tab strip.
      const behind = [bg, token.colorBgElevated ?? bg, token.colorBgLayout ?? bg];
      if (tint && contrast(to, tint) > 2 * AA) behind.push(tint);
      const base = readable(token[`color${name}`] ?? '', behind, to);
      for (const shade of SHADES) {
        const key = `color${name}${shade}`;
        const fixed = readable(token[key] ?? '', behind, to);
        // A hover that had to move would land on the base colour: a step further keeps it visible.
        if (key in token)
          token[key] = shade.endsWith('Hover') && fixed !== token[key] ? mix(base, to, 0.15) : fixed;
      }
      if (tint) token[tintKey] = readable(tint, [base], bg);
    }
    for (const key of Object.keys(token).filter((k) => TAG_TEXT.test(k)))
      token[key] = readable(token[key] ?? '', [bg, token[key.replace('7', '1')] ?? bg], to);
    return token as unknown as MapToken;
  };
}

/**
 * The portal's Ant Design theme for a mode and primary colour. In the dark theme accents are light,
 * so what is written on an accent fill (a primary or danger button, a selected date, a checked
 * box) is black.
 */
export function readableTheme(mode: ThemeMode, primary: string): ThemeConfig {
  const dark = mode === 'dark';
  const onAccent = dark ? '#000000' : '#ffffff';
  return {
    algorithm: [dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm, readableColours(dark)],
    token: {
      colorPrimary: primary,
      // Links follow the primary colour rather than antd's separate info blue.
      colorLink: primary,
      borderRadius: 8,
      fontSize: 14,
      // Secondary texts, statistic titles, empty notes and placeholders reach AA on the page and card
      // backgrounds (antd: 45% and 25% opacity).
      colorTextTertiary: dark ? 'rgba(255, 255, 255, 0.62)' : 'rgba(0, 0, 0, 0.62)',
      colorTextPlaceholder: dark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.56)',
      // Disabled texts (an input's unit beside a switched-off field, a table's "no data" line) stay
      // readable too (antd: 25%, 1.8:1 on white).
      colorTextQuaternary: dark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.56)',
    },
    components: {
      Button: { primaryColor: onAccent, dangerColor: onAccent },
      DatePicker: { colorTextLightSolid: onAccent },
      Checkbox: { colorWhite: onAccent },
      Menu: { darkItemSelectedColor: onAccent },
      Radio: { buttonSolidCheckedColor: onAccent },
    },
  };
}
