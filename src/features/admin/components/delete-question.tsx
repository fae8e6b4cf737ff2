/**
 * What a delete takes with it (dealership or network): the sentence, the counts the list knows, and why the
 * server will refuse when something still belongs to it (decision 073).
 */
export function DeleteQuestion({ text, counts, blocked }: { text: string; counts: string; blocked: string | null }) {
  return (
    <div className="space-y-2">
      <p>{text}</p>
      <p className="text-sm font-medium" data-testid="delete-counts">
        {counts}
      </p>
      {blocked ? <p className="rounded-lg bg-danger/10 p-2 text-sm font-medium text-danger">{blocked}</p> : null}
    </div>
  );
}
