import { Fragment } from "react";

/**
 * An e-mail address that, when its column is too narrow for it, wraps after its "@" or a "." and nowhere else
 * ("pastor.james@" / "grace-church." / "org"): not between two letters, nor at a hyphen, which would read as one the
 * address does not have. Its column keeps the room of its longest piece.
 */
export function EmailAddress({ email }: { email: string }) {
  return (
    <span>
      {email.split(/(?<=[@.])/).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="whitespace-nowrap">{piece}</span>
        </Fragment>
      ))}
    </span>
  );
}
