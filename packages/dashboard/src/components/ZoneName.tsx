import { Fragment } from 'react';

/**
 * An IANA zone name (`America/Argentina/Rio_Gallegos`) that may break onto another line after a
 * slash, never inside one of its words (the `zone-name` class keeps the words whole).
 */
export function ZoneName({ zone }: { zone: string }) {
  const parts = zone.split('/');
  return (
    <span className="zone-name">
      {parts.map((part, i) => (
        // the parts of one name never change order: their place is their key
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </span>
  );
}
