import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/** Where a date's link goes, and what a click does once the page runs (client navigation). */
export interface DateLinks {
  /** The page's address with `?date=` (null: without a date), keeping the parameters that must stay. */
  hrefFor: (dateId: number | null) => string;
  /** A date was chosen on the running page. */
  onChoose: (dateId: number, href: string) => void;
}

type DateChoiceLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  dateId: number;
  links: DateLinks;
};

/** A link to the page for a date: a plain link before scripts run (and for new tabs), then chosen in place. */
export function DateChoiceLink({ dateId, links, onClick, ...rest }: DateChoiceLinkProps) {
  const href = links.hrefFor(dateId);
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    links.onChoose(dateId, href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
