import { Navigate } from 'react-router';

/** /admin with an empty sub-path goes to the account list. */
export function Component() {
  return <Navigate to="/admin/accounts" replace />;
}
