import classes from './OrganizerHtml.module.css';

/**
 * Organizer HTML the server has already sanitised (description, pre-checkout message). A few lines of
 * CSS instead of Mantine's Typography keep the event page's first download small.
 */
export function OrganizerHtml({ html, small = false }: { html: string; small?: boolean }) {
  return (
    <div
      className={small ? `${classes.html} ${classes.small}` : classes.html}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
