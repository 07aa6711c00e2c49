import { useState } from 'react';
import { deriveKey } from '@kindling/core';

/** A name, its key, and how the form changes and clears them. */
export interface DerivedKey {
  name: string;
  key: string;
  setName: (name: string) => void;
  setKey: (key: string) => void;
  reset: () => void;
}

/**
 * A name and the key derived from it as the user types, until the user edits the key; clearing
 * the key makes it follow the name again.
 */
export function useDerivedKey(): DerivedKey {
  const [name, setNameState] = useState('');
  const [key, setKeyState] = useState('');
  const [keyEdited, setKeyEdited] = useState(false);

  function setName(next: string) {
    setNameState(next);
    if (!keyEdited) setKeyState(deriveKey(next));
  }

  function setKey(next: string) {
    setKeyState(next);
    setKeyEdited(next !== '');
    if (next === '') setKeyState(deriveKey(name));
  }

  function reset() {
    setNameState('');
    setKeyState('');
    setKeyEdited(false);
  }

  return { name, key, setName, setKey, reset };
}
