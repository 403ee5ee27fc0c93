import { Link } from 'react-router';

/** A record's field by name, linking to the field; "—" for a field no longer in the list. */
export function FieldLink({ id, names }: { id: string; names: Map<string, string> }) {
  return (
    <Link to={`/fields/${id}`} className="font-semibold text-leaf-800 underline-offset-2 hover:underline">
      {names.get(id) ?? '—'}
    </Link>
  );
}
