import { useState, type FormEvent } from 'react';
import { createAttribute, deleteAttributes, listAttributes, renameAttribute } from '../api/admin';
import type { Attribute, AttributeType } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { CreateForm } from '../components/CreateForm';
import { ListSection } from '../components/ListSection';
import { NameKeyFields } from '../components/NameKeyFields';
import { PageHeading } from '../components/PageHeading';
import { RenamableName, RenameButton, type Renaming } from '../components/RenameForm';
import { useAnnounce } from '../components/status-context';
import { useDerivedKey } from '../components/use-derived-key';
import { useChange } from '../components/use-change';
import { useLoad } from '../components/use-load';
import { isValidKey, KEY_RULE } from '@kindling/core';

const typeLabels: Record<AttributeType, string> = { user: 'User', event: 'Event' };

/** Declares custom attributes of users and events, lists them, renames and deletes them. */
export function AttributesPage() {
  const attributes = useLoad(() => listAttributes(), []);
  const fields = useDerivedKey();
  const announce = useAnnounce();
  const [type, setType] = useState<AttributeType>('user');
  const [renaming, setRenaming] = useState<Renaming>(null);
  const { error, issues, busy, change, fail } = useChange(attributes.reload);

  function create(event: FormEvent) {
    event.preventDefault();
    if (!isValidKey(fields.key)) {
      fail(new Error(KEY_RULE));
      return;
    }
    const made = { name: fields.name.trim(), key: fields.key, type };
    void change(
      () => createAttribute(made),
      () => {
        announce(`${typeLabels[made.type]} attribute ${made.name} created with key ${made.key}.`);
        fields.reset();
      },
    );
  }

  function rename(attribute: Attribute, next: string) {
    void change(
      () => renameAttribute(attribute.id, next.trim()),
      () => {
        announce(`Attribute ${attribute.name} renamed to ${next.trim()}.`);
        setRenaming(null);
      },
    );
  }

  return (
    <>
      <PageHeading title="Attributes">Attributes</PageHeading>
      <p>
        Custom attributes are values your backend sends with a user (<code>user.attributes</code>) or with an event (
        <code>attributes</code>). Only declared keys are accepted; a key is unique among the attributes of its type.
      </p>

      <CreateForm
        id="new-attribute"
        title="New attribute"
        submit="Create attribute"
        busy={busy}
        error={error}
        issues={issues}
        onSubmit={create}
      >
        <NameKeyFields idPrefix="attribute" noun="Attribute" fields={fields} />
        <div className="field">
          <label htmlFor="attribute-type">Attribute of</label>
          <select id="attribute-type" value={type} onChange={(event) => setType(event.target.value as AttributeType)}>
            <option value="user">Users</option>
            <option value="event">Events</option>
          </select>
        </div>
      </CreateForm>

      <ListSection
        id="attribute-list"
        title="Your attributes"
        list={attributes}
        loadingText="Loading attributes…"
        empty={<p>No attributes yet. Declare the first one above.</p>}
        columns={['Name', 'Key', 'Type']}
        actions
        row={(attribute) => (
          <tr key={attribute.id}>
            <th scope="row">
              <RenamableName
                item={attribute}
                renaming={renaming}
                onRenaming={setRenaming}
                busy={busy}
                onSave={(next) => rename(attribute, next)}
              />
            </th>
            <td>
              <code>{attribute.key}</code>
            </td>
            <td>{typeLabels[attribute.type]}</td>
            <td>
              <RenameButton item={attribute} renaming={renaming} onRenaming={setRenaming} />{' '}
              <ConfirmButton
                label="Delete"
                question={`Delete ${attribute.name}? Values already held stay, but no request may set it any more.`}
                onConfirm={() =>
                  change(
                    () => deleteAttributes([attribute.id]),
                    () => announce(`Attribute ${attribute.name} deleted.`),
                  )
                }
              />
            </td>
          </tr>
        )}
      />
    </>
  );
}
