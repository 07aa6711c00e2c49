/** The header of a table's last column, which holds each row's buttons: named "Actions" for screen readers only. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
