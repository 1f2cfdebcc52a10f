/**
 * A cascade dropdown (loaded only for forms with one): one select per level named by
 * keylistOptions; each level offers the values of the paths that match the levels above.
 * The value is the list of chosen levels. Levels chosen in the server's selects before this
 * code arrived are taken when it mounts (React does not hear those changes), as the file
 * field takes files chosen early.
 */
import { useEffect, useRef } from 'react';
import type { FieldProps } from '../types';
import { listOf } from './control';

function parse(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** The offered paths, each a list of level values. */
export function cascadePaths(raw: unknown): string[][] {
  return parse(raw)
    .filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null)
    .map((o) =>
      Object.entries(o)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, v]) => String(v)),
    );
}

export default function CascadeField(p: FieldProps) {
  const paths = cascadePaths(p.field.picklistOptions);
  const names = parse(p.field.keylistOptions).map(String);
  const levels = Math.max(names.length, ...paths.map((path) => path.length), 1);
  const chosen = listOf(p.value);
  const choose = (level: number, value: string) => p.onChange([...chosen.slice(0, level), value]);
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field's code has arrived and hydrated the selects.
  useEffect(() => {
    const early: string[] = [];
    for (const select of box.current?.querySelectorAll('select') ?? []) {
      if (!select.value) break;
      early.push(select.value);
    }
    if (early.length > chosen.length) p.onChange(early);
  }, []);
  return (
    <div className="ef-cascade" ref={box}>
      {Array.from({ length: levels }, (_, level) => {
        const options = [
          ...new Set(
            paths
              .filter((path) => chosen.slice(0, level).every((c, i) => path[i] === c))
              .map((path) => path[level])
              .filter((v): v is string => !!v),
          ),
        ];
        const id = level === 0 ? p.inputId : `${p.inputId}-${level}`;
        const name = names[level] ?? `${p.field.label} ${level + 1}`;
        const disabled = level > 0 && !chosen[level - 1];
        return (
          <div className="ef-cascade__level" key={name}>
            <label className="ef-cascade__label" htmlFor={id}>
              {name}
            </label>
            <select
              id={id}
              name={`${p.name}[${level}]`}
              className="ef-input ef-select"
              value={chosen[level] ?? ''}
              disabled={disabled}
              aria-invalid={p.error && !chosen[level] ? true : undefined}
              aria-describedby={p.describedBy}
              onChange={(e) => choose(level, e.target.value)}
            >
              <option value="">{p.env.strings.ui.select}</option>
              {options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}
