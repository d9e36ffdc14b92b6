import '@mantine/core/styles/Typography.css';

import { Typography } from '@mantine/core';

/** Renders organizer HTML that the server has already sanitised (never raw user input). */
export function HtmlContent({ html }: { html: string }) {
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
