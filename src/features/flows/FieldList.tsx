import * as styles from './flows.css';

const json = (value: unknown) => {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    return String(value);
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value in a line: strings quoted, short lists and objects folded with their size. */
function FieldValue({ value }: { value: unknown }) {
  if (typeof value === 'object' && value !== null) {
    const n = Array.isArray(value) ? value.length : Object.keys(value).length;
    const size = `${n} ${Array.isArray(value) ? 'item' : 'field'}${n === 1 ? '' : 's'}`;
    return (
      <details>
        <summary>{Array.isArray(value) ? `list, ${size}` : `object, ${size}`}</summary>
        <pre className={styles.fieldValue}>{json(value)}</pre>
      </details>
    );
  }
  return <>{json(value)}</>;
}

/**
 * An actor's input or output, one named field a line (a definition list); objects and lists inside are
 * folded with their JSON. A value that is not an object shows as it is.
 */
export function FieldList({ value, label }: { value: unknown; label: string }) {
  if (!isRecord(value)) return <p className={styles.fieldValue}>{json(value)}</p>;
  const entries = Object.entries(value);
  if (entries.length === 0) return <p className={styles.fieldValue}>{`${label}: no fields`}</p>;
  return (
    <dl className={styles.fields} data-fields={label}>
      {entries.map(([name, field]) => (
        <div key={name}>
          <dt className={styles.fieldName}>{name}</dt>
          <dd className={styles.fieldValue}>
            <FieldValue value={field} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
