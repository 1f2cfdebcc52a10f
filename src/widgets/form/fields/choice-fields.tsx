/**
 * Fields a visitor chooses in: radio (text or image options, and a custom option typed by
 * the visitor), checkbox lists, dropdowns (the country select stores the country code),
 * multi-selects and lists of text boxes.
 */
import { useMemo } from 'react';
import { countryOptions } from '../../../lib/countries';
import type { FieldProps } from '../types';
import { controlProps, listOf, optionsOf, textOf } from './control';

const optionId = (p: FieldProps, i: number | string) => `${p.inputId}-${i}`;

export function RadioField(p: FieldProps) {
  const value = textOf(p.value);
  const images = p.field.picklistOptionsImage ?? [];
  const options = images.length > 0 ? images.map((o) => o.label) : optionsOf(p.field.picklistOptions);
  const isCustom = value !== '' && !options.includes(value);
  const customId = optionId(p, 'custom');
  return (
    <div className={images.length > 0 ? 'ef-options ef-options--images' : 'ef-options'}>
      {options.map((label, i) => (
        <label className="ef-option" key={label} htmlFor={optionId(p, i)}>
          <input
            type="radio"
            id={optionId(p, i)}
            name={p.name}
            value={label}
            checked={value === label}
            aria-invalid={p.error ? true : undefined}
            onChange={() => p.onChange(label)}
          />
          {images[i]?.src && <img src={images[i].src} alt="" className="ef-option__image" loading="lazy" />}
          <span>{label}</span>
        </label>
      ))}
      {p.field.allowCustomOption && (
        <div className="ef-option ef-option--custom">
          <input type="radio" id={`${customId}-choice`} name={p.name} checked={isCustom} onChange={() => p.onChange(' ')} aria-label={p.env.strings.ui.other} />
          <input
            className="ef-input"
            id={customId}
            type="text"
            aria-label={p.env.strings.ui.otherLabel}
            placeholder={p.env.strings.ui.other}
            value={isCustom ? value.trim() : ''}
            // Focus alone never replaces the chosen option: typing chooses "Other".
            onChange={(e) => p.onChange(e.target.value || ' ')}
          />
        </div>
      )}
    </div>
  );
}

export function CheckboxField(p: FieldProps) {
  const chosen = listOf(p.value);
  const options = optionsOf(p.field.picklistOptions);
  const toggle = (label: string, on: boolean) => p.onChange(on ? [...chosen, label] : chosen.filter((c) => c !== label));
  if (options.length === 0) {
    // A single consent checkbox: its label is the field's own.
    return (
      <label className="ef-option" htmlFor={optionId(p, 0)}>
        <input
          type="checkbox"
          id={optionId(p, 0)}
          name={p.name}
          checked={chosen.length > 0}
          aria-invalid={p.error ? true : undefined}
          onChange={(e) => p.onChange(e.target.checked ? ['true'] : [])}
        />
        <span>{p.field.placeholder || p.field.label}</span>
      </label>
    );
  }
  return (
    <div className="ef-options">
      {options.map((label, i) => (
        <label className="ef-option" key={label} htmlFor={optionId(p, i)}>
          <input
            type="checkbox"
            id={optionId(p, i)}
            name={p.name}
            value={label}
            checked={chosen.includes(label)}
            aria-invalid={p.error ? true : undefined}
            onChange={(e) => toggle(label, e.target.checked)}
          />
          <span>{label}</span>
        </label>
      ))}
    </div>
  );
}

export function SelectField(p: FieldProps) {
  const isCountry = p.field.tag === 'country';
  const countries = useMemo(() => (isCountry ? countryOptions(p.env.lang) : []), [isCountry, p.env.lang]);
  const options = isCountry
    ? countries.map((c) => ({ value: c.code, label: c.name }))
    : optionsOf(p.field.picklistOptions).map((o) => ({ value: o, label: o }));
  return (
    <select
      {...controlProps(p)}
      className="ef-input ef-select"
      value={textOf(p.value)}
      onChange={(e) => p.onChange(e.target.value)}
      autoComplete={isCountry ? 'country' : undefined}
    >
      <option value="">{p.placeholder || p.env.strings.ui.select}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function MultiSelectField(p: FieldProps) {
  const chosen = listOf(p.value);
  return (
    <select
      {...controlProps(p)}
      className="ef-input ef-select ef-select--multiple"
      multiple
      value={chosen}
      onChange={(e) => p.onChange([...e.target.selectedOptions].map((o) => o.value))}
    >
      {optionsOf(p.field.picklistOptions).map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

export function TextboxListField(p: FieldProps) {
  const boxes = optionsOf(p.field.picklistOptions);
  const list = listOf(p.value);
  const labels = boxes.length > 0 ? boxes : [p.placeholder || p.field.label];
  const set = (i: number, text: string) => {
    const next = labels.map((_, j) => list[j] ?? '');
    next[i] = text;
    p.onChange(next);
  };
  return (
    <div className="ef-textboxes">
      {labels.map((label, i) => (
        <input
          key={label}
          className="ef-input"
          id={optionId(p, i)}
          name={`${p.name}[${i}]`}
          type="text"
          aria-label={label}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.describedBy}
          placeholder={label}
          value={list[i] ?? ''}
          onChange={(e) => set(i, e.target.value)}
        />
      ))}
    </div>
  );
}
