import {themes, type PrismTheme} from 'prism-react-renderer';

/**
 * prism-react-renderer's GitHub theme with its lighter token colours darkened
 * to reach WCAG AA contrast (4.5:1) on the code-block background.
 */
const darkerColours: Readonly<Record<string, string>> = {
  '#999988': '#636c76',
  '#36acaa': '#0b7285',
  '#00a4db': '#0a63c9',
  '#e3116c': '#c21058',
  '#d73a49': '#b31d28',
};

export const prismLight: PrismTheme = {
  ...themes.github,
  styles: themes.github.styles.map((entry) => {
    const colour = entry.style.color;
    return colour && darkerColours[colour] ? {...entry, style: {...entry.style, color: darkerColours[colour]}} : entry;
  }),
};
