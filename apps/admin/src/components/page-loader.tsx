import { Spin } from 'antd';

/** The inline fallback while a screen's code or texts load. */
export const PageLoader = () => (
  <div
    style={{ display: 'flex', justifyContent: 'center', padding: 64 }}
    role="status"
    aria-label="Loading"
  >
    <Spin size="large" />
  </div>
);
