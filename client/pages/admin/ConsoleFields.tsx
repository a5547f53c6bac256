import type { ComponentProps, ReactNode } from 'react';

/**
 * A labelled select of the console's filters and forms: `options` are [value, label] pairs, `any`
 * the label of an empty first choice (all states, all methods…) when the filter may be left open.
 */
export function SelectField({ id, name, label, value, options, any }: { id: string; name: string; label: string; value: string; options: readonly (readonly [string, string])[]; any?: string }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select className="field__input" id={id} name={name} defaultValue={value}>
        {any !== undefined && <option value="">{any}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One fact of a record's summary (a term and its value) in a `console__support-facts` list. */
export function Fact({ label, dir, lang, children }: { label: string; dir?: 'ltr' | 'auto'; lang?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd dir={dir} lang={lang}>
        {children}
      </dd>
    </div>
  );
}

/** A labelled textarea with its hint under it (replies, notes, saved answers, reasons); `dir="auto"` so Arabic text reads right to left. */
export function TextareaField({ id, label, hint, ...area }: { id: string; label: string; hint?: string } & Omit<ComponentProps<'textarea'>, 'id' | 'className'>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea className="field__input" id={id} dir="auto" aria-describedby={hint ? `${id}-hint` : undefined} {...area} />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
