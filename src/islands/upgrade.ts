/**
 * <fl-upgrade>: the upgrade form of a package's versions page. The page lists every failure
 * with a range for the package, each carrying the releases of the form that its range holds
 * with the index of the range that holds it (`data-affected`); choosing two releases lists the
 * failures that start, stop or change (another range) between them, from that data alone, and puts the choice in the address (?from=…&to=…) to share.
 */
const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
};

class FlUpgrade extends HTMLElement {
  connectedCallback() {
    const form = this.querySelector<HTMLFormElement>('[data-form]');
    const from = this.querySelector<HTMLSelectElement>('[data-from]');
    const to = this.querySelector<HTMLSelectElement>('[data-to]');
    if (!form || !from || !to) return console.error('[fl-upgrade] the page has no from/to form');
    const params = new URLSearchParams(location.search);
    // a release the form does not list is said, never replaced by the form's default
    const unknown: string[] = [];
    const pick = (select: HTMLSelectElement, value: string | null) => {
      if (value === null) return;
      if ([...select.options].some((o) => o.value === value)) select.value = value;
      else unknown.push(value);
    };
    pick(from, params.get('from'));
    pick(to, params.get('to'));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const url = new URL(location.href);
      url.searchParams.set('from', from.value);
      url.searchParams.set('to', to.value);
      history.replaceState(null, '', url);
      this.#show(from.value, to.value);
    });
    if (unknown.length) this.#unknown(unknown, from.options);
    else if (params.has('from') || params.has('to')) this.#show(from.value, to.value);
  }

  #unknown(releases: string[], listed: HTMLOptionsCollection) {
    const names = releases.map((r) => (r ? `“${r}”` : 'an empty release')).join(' and ');
    this.querySelector<HTMLElement>('[data-result]')!.replaceChildren(
      el(
        'p',
        { role: 'status' },
        `The address asks for ${names}, which this page does not list (it lists ${listed[0]?.value} to ${listed[listed.length - 1]?.value}): choose two releases from the lists and press “Show what changes”.`,
      ),
    );
  }

  #show(from: string, to: string) {
    const result = this.querySelector<HTMLElement>('[data-result]')!;
    const items = [...document.querySelectorAll<HTMLElement>('[data-entries] [data-entry]')];
    // which of the entry's ranges holds a release, if any (`2.6.0:0 2.11.0:1`)
    const range = (li: HTMLElement, v: string) =>
      (li.dataset.affected ?? '')
        .split(' ')
        .find((x) => x.startsWith(`${v}:`))
        ?.split(':')[1];
    const starts = items.filter((li) => range(li, to) && !range(li, from));
    const stops = items.filter((li) => range(li, from) && !range(li, to));
    const changes = items.filter((li) => range(li, from) && range(li, to) && range(li, from) !== range(li, to));
    const list = (title: string, none: string, found: HTMLElement[]) => [
      el('h2', {}, `${title} (${found.length})`),
      found.length ? el('ul', {}, ...found.map((li) => li.cloneNode(true))) : el('p', {}, none),
    ];
    result.replaceChildren(
      ...(from === to
        ? [el('p', {}, `${from} and ${to} are the same release: choose two different ones.`)]
        : [
            ...list(`Failures that start between ${from} and ${to}`, 'None that this encyclopedia knows of.', starts),
            ...list(`Failures that stop between ${from} and ${to}`, 'None that this encyclopedia knows of.', stops),
            ...(changes.length ? list(`Failures that change between ${from} and ${to}`, '', changes) : []),
          ]),
    );
  }
}

customElements.define('fl-upgrade', FlUpgrade);
