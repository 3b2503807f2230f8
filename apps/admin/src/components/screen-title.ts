import { createContext, useContext, useEffect } from 'react';

/** Set by the route's screen: the title a page gives itself, `undefined` to go back to the route's. */
export const ScreenTitleContext = createContext<((title: string | undefined) => void) | null>(null);

/**
 * A page that knows more than its route names itself: a product type's editor is "Sửa sản phẩm:
 * Cà phê", not the route's "Sửa bài viết". The browser tab shows this title while the page is
 * shown (the route's own title comes back when it leaves).
 */
export const useScreenTitle = (title: string | undefined) => {
  const setTitle = useContext(ScreenTitleContext);
  useEffect(() => {
    setTitle?.(title);
  }, [setTitle, title]);
  useEffect(() => () => setTitle?.(undefined), [setTitle]);
};
