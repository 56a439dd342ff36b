/*
 * The door's checks of a request, as pure functions of its headers (tested on their own).
 */

const LOOPBACK_HOSTS = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** The host name of a Host header, lower-cased, without its port. */
export const hostName = (host: string) => host.toLowerCase().replace(/:\d+$/, '');

/** Whether a Host header names this proxy: a loopback name, or one of ALLOWED_HOSTS. */
export const hostAllowed = (host: string, allowed: ReadonlySet<string>) => {
  const name = hostName(host);
  return LOOPBACK_HOSTS.test(name) || allowed.has(name);
};

/**
 * Why a state-changing request's Origin is not our own page, if it is not. The whole origin
 * counts, scheme included: the proxy speaks http, so `https://<host>` is another site, unless the
 * host is one of ALLOWED_HOSTS (reached through a TLS front, as docs/security.md recommends beyond loopback).
 */
export function originProblem(origin: string | undefined, host: string, allowed: ReadonlySet<string>): string | undefined {
  if (!origin) return 'a state-changing request needs an Origin header';
  const expected = [`http://${host.toLowerCase()}`];
  if (allowed.has(hostName(host))) expected.push(`https://${host.toLowerCase()}`);
  return expected.includes(origin) ? undefined : `requests from ${origin} are not accepted`;
}

/**
 * Every value the Cookie header gives `name`, each once. A page on another port of the same host
 * can set cookies of our name with longer paths, which the browser sends first: the door tries
 * every value instead of trusting the first few. How many there can be is bounded by the size of
 * the headers (16 kB, Node's limit), and a value that is not shaped like a session costs no lookup.
 */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values = new Set<string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    values.add(part.slice(eq + 1).trim());
  }
  return [...values];
}

type Header = string | string[] | undefined;

/**
 * Whether a login request is a trader opening the printed link: browsers say where a request comes
 * from (`Sec-Fetch-Site`) and what it is for (`Sec-Fetch-Mode`). A link pasted or typed into the
 * address bar comes from nowhere (`none`) and is a navigation. An `<img>`, a frame or a fetch from
 * another site, or a navigation another page started (another port of 127.0.0.1 is `same-site`),
 * would otherwise count wrong tokens against the trader's own logins; it is refused without
 * counting. Clients that send no `Sec-Fetch-Site` (curl, a script; Node's fetch sends only a
 * mode) are taken as they are: a browser always sends both.
 */
export function loginNavigation(site: Header, mode: Header): boolean {
  if (site === undefined) return true;
  return (site === 'none' || site === 'same-origin') && mode === 'navigate';
}

/**
 * Whether a request to a session's route was made by a page of another site, or another port of
 * 127.0.0.1 (`same-site`): an `<img>`, a frame or a no-cors fetch there makes the browser send the
 * trader's cookie (SameSite=Strict lets same-site requests carry it). It cannot read the answer, but
 * each one would count against the session's rate limit, so a page could keep the trader's own
 * tickets at 429. The terminal's own requests are `same-origin`; a typed address or a bookmark is
 * `none`; a top-level navigation another page started only leaves that page. Clients that send no
 * `Sec-Fetch-Site` (curl, a script) are taken as they are.
 */
export function fromAnotherPage(site: Header, mode: Header, dest: Header): boolean {
  if (site !== 'cross-site' && site !== 'same-site') return false;
  return !(mode === 'navigate' && dest === 'document');
}
