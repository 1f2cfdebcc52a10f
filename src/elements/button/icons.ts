/**
 * Named button icons (requirements PAGE-DATA-5): a seller's icon name (`check`, `fa-check`,
 * `fas fa-arrow-right`, `faArrowRight`) drawn from Font Awesome's free solid set, a
 * maintained icon set, as inline SVG in the server's HTML: a page ships only the icons it
 * uses, and no icon font or script. An unknown name draws nothing.
 */
import { fas } from '@fortawesome/free-solid-svg-icons';

type IconDefinition = { iconName: string; icon: [number, number, (string | number)[], string, string | string[]] };

let byName: Map<string, IconDefinition> | null = null;

function iconIndex(): Map<string, IconDefinition> {
  if (byName) return byName;
  byName = new Map();
  for (const definition of Object.values(fas) as unknown as IconDefinition[]) {
    byName.set(definition.iconName, definition);
    for (const alias of definition.icon[2]) if (typeof alias === 'string' && !byName.has(alias)) byName.set(alias, definition);
  }
  return byName;
}

/** The set's name of a seller's icon name: `fas fa-arrow-right` → `arrow-right`, `faArrowRight` → `arrow-right`. */
export function iconKey(name: string): string {
  const last = name.trim().split(/\s+/).at(-1) ?? '';
  const camel = /^fa[A-Z0-9]/.test(last) ? last.slice(2).replace(/(?<=.)([A-Z0-9])/g, '-$1') : last.replace(/^fa-/, '');
  return camel.toLowerCase();
}

/** The icon as an inline SVG sized to the text (1em, current colour), or '' for a name the set does not have. */
export function namedIconSvg(name: string): string {
  const definition = iconIndex().get(iconKey(name));
  if (!definition) return '';
  const [width, height, , , path] = definition.icon;
  const paths = (Array.isArray(path) ? path : [path]).map((d) => `<path d="${d}"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">${paths}</svg>`;
}
