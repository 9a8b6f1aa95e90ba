import { Link } from 'react-router';

/** My Orders closed to this person (spec 01 §6): why, and the way back; nothing is asked of the server. */
export function NoOrdersAccess({ title, reason }: { title: string; reason: string }) {
  return (
    <div className="page orders-page">
      <h1>{title}</h1>
      <div className="empty-state">
        <p>{reason}</p>
        <p>
          <Link to="/">Back to the dashboard</Link>
        </p>
      </div>
    </div>
  );
}
