/**
 * The regular-expression engine every log pattern runs on: RE2 (the re2js port), whose
 * matching time is linear in the line's length for any pattern. JavaScript's own engine
 * backtracks, and a pattern such as `(?:weight|bias)\S*\W+torch\.Size` takes cubic time on a
 * crafted line; with RE2 no pattern, shipped or contributed, can hang a reader's diagnosis.
 *
 * The cost: RE2 has no lookaround and no backreferences (a pattern that uses them is refused
 * when the content is validated, with the reason), and it is slower than V8's engine per test,
 * which the required-word prefilter in match.ts keeps off most lines.
 *
 * Literal text matches in any case: `CuDNN error` and `cuDNN error`, `Loss nan` and `loss: nan`
 * are the same message to a reader.
 */
import { RE2JS } from 're2js';

export interface LogPattern {
  /** the pattern as written */
  source: string;
  /** the first match in text, as offsets, or undefined */
  find(text: string): { start: number; end: number } | undefined;
  test(text: string): boolean;
}

export function compilePattern(source: string): LogPattern {
  const re = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  return {
    source,
    // test() runs the pattern's own lazy DFA, cached across lines; positions are asked for only
    // when it matched
    find(text) {
      if (!re.test(text)) return undefined;
      const m = re.matcher(text);
      return m.find() ? { start: m.start(), end: m.end() } : undefined;
    },
    test: (text) => re.test(text),
  };
}

/**
 * A pattern compiled the first time it is tried. Its source must be one patternProblem accepts:
 * a source RE2 refuses throws on first use instead of here.
 */
export function lazyPattern(source: string): LogPattern {
  let compiled: LogPattern | undefined;
  const get = () => (compiled ??= compilePattern(source));
  return { source, find: (text) => get().find(text), test: (text) => get().test(text) };
}

/**
 * Why a pattern cannot be used, or undefined when it can: it does not compile under RE2, it
 * matches an empty line (and so every line of every log), or it matches most lines of a
 * healthy run.
 */
export function patternProblem(source: string): string | undefined {
  let p: LogPattern;
  try {
    p = compilePattern(source);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '').replace('`(?i)', '`');
    const hint = /\(\?<[=!]|\(\?[=!]|\\[1-9]/.test(source)
      ? '; lookahead, lookbehind and backreferences are not supported: match the text itself, e.g. (?:^|[^\\d.])2 GiB instead of (?<![\\d.])2 GiB'
      : '';
    return `does not compile as a log pattern (RE2 syntax, matched in linear time): ${reason}${hint}`;
  }
  if (p.test('')) return 'matches an empty line, and so every line of every log; make the pattern require some text';
  const hits = ORDINARY_LINES.filter((line) => p.test(line)).length;
  if (hits > ORDINARY_LINES.length / 2) {
    return `matches ${hits} of ${ORDINARY_LINES.length} lines of an ordinary, healthy training log (src/lib/diagnose/engine.ts); make it match the failure's own words`;
  }
  return undefined;
}

/** Lines every healthy run prints. A pattern that matches most of them would match any log. */
const ORDINARY_LINES = [
  'Epoch 3/10',
  ' 42%|████▏     | 420/1000 [02:11<03:01,  3.19it/s, loss=0.412, lr=2e-05]',
  "{'loss': 1.8842, 'grad_norm': 0.734, 'learning_rate': 1.2e-05, 'epoch': 0.99}",
  '[2026-03-14 09:12:03,551] [INFO] [engine.py:88] step 1200 | loss 0.4127 | lr 3.00e-04',
  'INFO: Saving model checkpoint to ./output/checkpoint-500',
  '  File "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1751, in _call_impl',
  'Loading checkpoint shards: 100%|██████████| 4/4 [00:05<00:00,  1.32s/it]',
  'Using device: cuda:0',
];
