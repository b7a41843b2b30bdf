/**
 * Ticket snippets: what "Copy for ticket" puts on the clipboard, in the three formats incident
 * tools take. Pure, so the exact text is unit-tested and the browser only calls it.
 */
export type TicketFormat = 'markdown' | 'jira' | 'plain';

export interface TicketData {
  id: string;
  title: string;
  /** the short link, which survives renames: https://…/e/MEM-003/ */
  permalink: string;
  /** the quick answer, as plain text */
  summary: string;
  /** the section the reader copied from, if any */
  section?: { title: string; url: string };
}

export function ticketSnippet(format: TicketFormat, d: TicketData): string {
  switch (format) {
    case 'markdown':
      return [
        `**[${d.id}: ${d.title}](${d.permalink})**`,
        '',
        `> ${d.summary}`,
        ...(d.section ? ['', `Section: [${d.section.title}](${d.section.url})`] : []),
      ].join('\n');
    case 'jira':
      return [
        `*[${d.id}: ${d.title}|${d.permalink}]*`,
        '',
        `{quote}${d.summary}{quote}`,
        ...(d.section ? ['', `Section: [${d.section.title}|${d.section.url}]`] : []),
      ].join('\n');
    case 'plain':
      return [
        `${d.id}: ${d.title}`,
        d.permalink,
        d.summary,
        ...(d.section ? [`Section: ${d.section.title}: ${d.section.url}`] : []),
      ].join('\n');
  }
}
