import { IdentityTransportError } from '../errors';
import { storeAreasFrom, storeAreasOfService } from './store-areas';
import { loadStoreAreas } from './store-areas.node';

describe('store areas', () => {
  it("reads the service's table: a letter applies to the suffixes after it, U exists but undecided, a postcode it does not name is UNKNOWN", () => {
    const areas = storeAreasFrom('# comment\nregions v1\n462 N 36 38 S 44 U 46\ntotal 4\n');
    expect(['46236', '46238', ' 46244 ', '46246', '46240', '4623', 'abcde'].map((zip) => areas.storeArea(zip))).toEqual([
      'NORD',
      'NORD',
      'SUED',
      'UNKNOWN',
      'UNKNOWN',
      'UNKNOWN',
      'UNKNOWN',
    ]);
  });

  it('refuses a table that is not in the format, or cut short', () => {
    expect(() => storeAreasFrom('regions v2\n')).toThrow(/regions v1/);
    expect(() => storeAreasFrom('regions v1\n462 36 N 38\ntotal 2\n')).toThrow(/bad token "36"/);
    expect(() => storeAreasFrom('regions v1\n462 N 36 38\n')).toThrow(/total/);
  });

  it('loads the table the service embeds, the same its region check answers from', () => {
    const areas = loadStoreAreas();
    expect(['20095', '80331', '99999'].map((zip) => areas.storeArea(zip))).toEqual(['NORD', 'SUED', 'UNKNOWN']);
  });

  describe("from the service's region check (the fake in a browser)", () => {
    const answering = (status: number, body: unknown) =>
      jest.fn(async () => ({ ok: status < 300, status, json: async () => body }) as Response) as jest.Mock & typeof fetch;

    it('asks GET {restApi}/rest/v1/region for five digits, and nothing for another postcode', async () => {
      const fetchStub = answering(200, { region: { id: 'SUED' } });
      const areas = storeAreasOfService(fetchStub, 'https://api.example.org');
      await expect(areas.storeArea(' 80331 ')).resolves.toBe('SUED');
      expect(fetchStub).toHaveBeenCalledWith('https://api.example.org/rest/v1/region?zip=80331', expect.anything());
      await expect(areas.storeArea('8033')).resolves.toBe('UNKNOWN');
      expect(fetchStub).toHaveBeenCalledTimes(1);
    });

    it('a check without an answer fails as a provider out of reach does', async () => {
      const offline = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
      await expect(storeAreasOfService(offline).storeArea('80331')).rejects.toMatchObject({ code: 'network' });
      await expect(storeAreasOfService(answering(500, {})).storeArea('80331')).rejects.toBeInstanceOf(IdentityTransportError);
    });
  });
});
