// What other modules may use of redirects: following a chain to its end.
export { followRedirects } from './redirect-rules';
