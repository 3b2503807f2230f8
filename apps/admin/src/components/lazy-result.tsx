import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// Ant Design's Result draws its 403, 404 and 500 pictures as inline SVG: some 30 KB of code in
// the layout's first load, for pages that are seldom shown. It loads when one is.
const AntResult = lazy(() => import('antd/es/result'));

/** Ant Design's Result, loaded when first shown. */
export const LazyResult = (props: ResultProps) => (
  <Suspense fallback={null}>
    <AntResult {...props} />
  </Suspense>
);
