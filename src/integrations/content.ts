/**
 * faultline-content: validates all of content/ before Astro loads it, and fails the build
 * with every problem in every file (Astro's own loader stops at the first bad entry and
 * reports it without a line). In `astro dev` it re-validates on every save and logs problems.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { readContent } from '../lib/content/read.ts';
import { validateContent, ContentError } from '../lib/content/validate.ts';
import { formatProblem } from '../lib/schema/errors.ts';

export function validateAt(root: string) {
  const content = validateContent(readContent(root));
  const errors = content.problems.filter((p) => p.severity !== 'warning');
  return { content, errors };
}

export default function faultlineContent(): AstroIntegration {
  return {
    name: 'faultline-content',
    hooks: {
      'astro:config:setup': ({ config, logger, command }) => {
        // preview serves a finished build; there is nothing to validate
        if (command === 'preview') return;
        const root = fileURLToPath(config.root);
        const started = performance.now();
        const { content, errors } = validateAt(root);
        for (const w of content.problems.filter((p) => p.severity === 'warning')) logger.warn(formatProblem(w));
        if (errors.length) {
          if (command === 'dev') {
            logger.error(new ContentError(errors).message);
            return;
          }
          throw new ContentError(errors);
        }
        logger.info(`${content.entries.length} entries and ${content.symptoms.length} symptoms valid (${Math.round(performance.now() - started)} ms)`);
      },
      'astro:server:setup': ({ server, logger }) => {
        const root = server.config.root;
        server.watcher.on('change', (path) => {
          if (!path.includes('/content/')) return;
          const { errors } = validateAt(root);
          if (errors.length) logger.error(new ContentError(errors).message);
        });
      },
    },
  };
}
