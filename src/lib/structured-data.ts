/**
 * JSON-LD for entry pages: a TechArticle for the entry and an FAQPage for its questions,
 * with the properties schema.org and search engines require for each type.
 */
import type { Entry } from './content/validate.ts';
import type { FaqItem } from './faq.ts';
import { inlineToText, unescapeHtml } from './inline.ts';
import { categoryById } from './schema/vocabulary.ts';

const text = (html: string) => unescapeHtml(html.replace(/<[^>]+>/g, ''));

export function techArticle(entry: Entry, url: string, image: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'TechArticle',
    headline: entry.title,
    description: inlineToText(entry.summary),
    url,
    mainEntityOfPage: url,
    image,
    identifier: entry.id,
    dateModified: entry.updated,
    datePublished: entry.updated,
    articleSection: categoryById(entry.category)!.label,
    keywords: entry.tags.join(', '),
    proficiencyLevel: 'Expert',
    author: { '@type': 'Organization', name: 'Faultline contributors' },
    publisher: { '@type': 'Organization', name: 'Faultline' },
    citation: entry.references.map((r) => r.title),
  };
}

export function faqPage(items: FaqItem[], url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    mainEntity: items.map((i) => ({
      '@type': 'Question',
      name: i.q,
      acceptedAnswer: { '@type': 'Answer', text: text(i.a) },
    })),
  };
}
