/** Where to sign in, coming back to `location` afterwards. */
export const loginPathFor = (location: { pathname: string; search: string }) => {
  const back = `${location.pathname}${location.search}`;
  return back === '/' || back.startsWith('/login')
    ? '/login'
    : `/login?redirect=${encodeURIComponent(back)}`;
};
