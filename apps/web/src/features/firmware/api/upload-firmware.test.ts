import { describe, expect, it } from 'vitest';
import { uploadForm } from './upload-firmware';

describe('firmware upload form', () => {
  it('sends the fields, models as a JSON array, and the file last under its own name', () => {
    const form = uploadForm(new Blob(['PK']), 'voltline-9.9.9.zip', {
      version: '9.9.9',
      brand: 'Voltline',
      models: ['VL-22', 'VL-11'],
      operatorId: 3,
    });
    const entries = [...form.entries()];
    expect(entries.map(([name]) => name)).toEqual(['version', 'brand', 'models', 'operatorId', 'file']);
    expect(form.get('models')).toBe('["VL-22","VL-11"]');
    expect(form.get('operatorId')).toBe('3');
    expect((form.get('file') as File).name).toBe('voltline-9.9.9.zip');
  });

  it('sends a signed image with its certificate and its signature without line breaks', () => {
    const form = uploadForm(new Blob(['PK']), 'a.zip', {
      version: '2.0',
      signingCertificate: '  -----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
      signature: 'c2ln\nbmF0\ndXJl',
    });
    expect([...form.keys()]).toEqual(['version', 'models', 'signingCertificate', 'signature', 'file']);
    expect(form.get('signingCertificate')).toBe(
      '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
    );
    expect(form.get('signature')).toBe('c2lnbmF0dXJl');
  });

  it('leaves out what was not filled in', () => {
    const form = uploadForm(new Blob(['PK']), 'a.update', { version: '1.0' });
    expect([...form.keys()]).toEqual(['version', 'models', 'file']);
    expect(form.get('models')).toBe('[]');
  });
});
