// Our public origin, for links people share. In the browser it is the page's; a server render
// (decision 020) sets the configured public URL, so the HTML's links match what the browser makes.
let serverOrigin = '';

export function setServerOrigin(origin: string) {
  serverOrigin = origin;
}

export function appOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}
