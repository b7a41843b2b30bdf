/**
 * faultline-content: validates all of content/ before Astro loads it, and fails the build
 * with every problem in every file (Astro's own loader stops at the first bad entry and
 * reports it without a line). In `astro dev` it re-validates on every save and logs problems.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { readContent } from '../build/read.ts';
import { validateContent, ContentError, type ValidatedContent } from '../lib/content/validate.ts';
import { formatProblem } from '../lib/schema/errors.ts';

/**
 * What the build's own integrations share, created once in astro.config.mjs and handed to each:
 * the content as this integration validated it, which the post-build step writes redirects and
 * preview images from.
 */
export interface BuildState {
  content?: ValidatedContent;
}

function validate(root: string, state: BuildState) {
  const content = validateContent(readContent(root));
  state.content = content;
  const errors = content.problems.filter((p) => p.severity !== 'warning');
  return { content, errors };
}

/** The content validated at the start of this build, read again only when it is missing. */
export function validatedContent(root: string, state: BuildState): ValidatedContent {
  return state.content ?? validate(root, state).content;
}

export default function faultlineContent(state: BuildState): AstroIntegration {
  return {
    name: 'faultline-content',
    hooks: {
      'astro:config:setup': ({ config, logger, command }) => {
        // preview serves a finished build; there is nothing to validate
        if (command === 'preview') return;
        const root = fileURLToPath(config.root);
        const started = performance.now();
        const { content, errors } = validate(root, state);
        // entries checked against an older release than the newest are summed up in one line:
        // npm run check:content lists each
        const warnings = content.problems.filter((p) => p.severity === 'warning');
        const stale = warnings.filter((w) => w.path.startsWith('versions.checkedAgainst'));
        for (const w of warnings.filter((w) => !stale.includes(w))) logger.warn(formatProblem(w));
        if (stale.length)
          logger.warn(
            `${new Set(stale.map((w) => w.file)).size} entries were checked against an older release than content/packages.yaml lists; npm run check:content lists them`,
          );
        if (errors.length) {
          // dev keeps running and shows the problems in the overlay (astro:server:setup)
          if (command === 'dev') return;
          throw new ContentError(errors);
        }
        logger.info(
          `${content.entries.length} entries and ${content.symptoms.length} symptoms valid (${Math.round(performance.now() - started)} ms)`,
        );
      },
      'astro:server:setup': ({ server, logger }) => {
        // In dev, every save re-validates the whole content set: problems go to the terminal
        // and to the browser's error overlay, with file, line and field; a fix reloads the page.
        const root = server.config.root;
        let last: string | undefined;
        const show = (message: string) =>
          server.ws.send({ type: 'error', err: { message, stack: '', plugin: 'faultline-content' } });
        const revalidate = () => {
          const { errors } = validate(root, state);
          if (errors.length) {
            last = new ContentError(errors).message;
            logger.error(last);
            show(last);
          } else if (last) {
            last = undefined;
            logger.info('content is valid again');
            server.ws.send({ type: 'full-reload' });
          }
        };
        server.ws.on('connection', () => last && show(last));
        revalidate();
        server.watcher.on('change', (path) => {
          if (path.includes('/content/')) revalidate();
        });
        server.watcher.on('add', (path) => {
          if (path.includes('/content/')) revalidate();
        });
      },
    },
  };
}
