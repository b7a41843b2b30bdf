/**
 * Text from a log, made safe to print. A log can carry terminal control sequences that write
 * the clipboard (OSC 52), set the window title (OSC 0), move the cursor or rewrite what is on
 * screen (CSI, C1 controls, a bare carriage return); printed as they are, they act on the
 * reader's terminal. Every such sequence is removed, with its payload where it has one.
 */

/** OSC, DCS, SOS, PM and APC strings, 7-bit (ESC ] …) or C1 (U+009D …), to BEL or ST. */
const STRINGS = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c|$)/g;
/** CSI (ESC [ or U+009B), then any other escape sequence (ESC, intermediates, a final byte). */
const SEQUENCES = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?|\x1b[ -/]*[0-~]?/g;
/** What is left: C0 controls but the tab (the carriage return and line feed too), DEL, C1. */
const CONTROLS = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/g;

export function stripControls(text: string): string {
  if (!/[\x00-\x08\x0a-\x1f\x7f-\x9f]/.test(text)) return text;
  return text.replace(STRINGS, '').replace(SEQUENCES, '').replace(CONTROLS, '');
}

/**
 * JSON whose strings carry no raw C1 control: JSON.stringify escapes C0 controls but writes
 * U+0080–U+009F as they are, which a terminal may act on when the output is viewed.
 */
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    /[\x7f-\x9f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
