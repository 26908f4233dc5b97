import { Navigate } from 'react-router-dom';

/** `/preferences` and any unknown `/preferences/*` path: without a link token there is nothing to show. */
export function TokenlessEntry() {
  return <Navigate to="/preferences/error/notfound" replace />;
}
