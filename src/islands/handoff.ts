/** The sessionStorage key that carries a pasted log from search or an entry page to /diagnose/. */
export const HANDOFF_KEY = 'faultline:diagnose-log';
