/**
 * A `.` or `..` segment in a path, written plainly or percent-encoded (`%2e%2e`, which URL
 * parsers read as `..` too): a path of this API given by staff (a dynamic select's source)
 * must never step out of the API into the rest of the site. Only the path counts, not the
 * query or the fragment.
 */
export const hasDotSegment = (value: string) =>
  value
    .split(/[?#]/, 1)[0]!
    .split('/')
    .some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
