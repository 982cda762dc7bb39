// A file of the web build, a demo image or an uploaded photo: a path outside /api/ whose last segment
// has an extension (a query string may follow). Pages and the API never look like that.
const FILE = /^\/(?!api\/)[^?#]*\.[a-z0-9]+(?:[?#].*)?$/i;

export const isStaticFile = (url: string) => FILE.test(url);
