import ptAccess from '@acende/shared/i18n/pt/admin-access.json';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCatalogue } from '../../../lib/i18n.ts';
import { SignedInAs } from './admin-layout.tsx';

beforeAll(() => addCatalogue('pt', 'admin-access', ptAccess));

describe('the signed-in account in the admin header', () => {
  it('says the name once when it is the role\'s own word (the seeded "Administrador")', () => {
    render(<SignedInAs name="Administrador" accountRole="admin" />);
    const signedIn = screen.getByTestId('signed-in-as');
    expect(signedIn).toHaveTextContent(/^Conectado como Administrador$/);
  });

  it('says the name and then the role when they differ', () => {
    render(<SignedInAs name="Maria Souza" accountRole="admin" />);
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent(/^Conectado como Maria Souza Administrador$/);
  });
});
