import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scanMeasurements, type MeasurementName } from '../../src/domain/measurements/scan-measurements.ts';
import { formatMeasurement } from '../../src/generation/template/measurement-labels.ts';

// The free-text measurement scanner: what shop and open-data texts state, in the eight languages,
// read once each, and what only looks like a measurement left alone.

function read(text: string, locale = 'en-GB'): Partial<Record<MeasurementName, string>> {
  const out: Partial<Record<MeasurementName, string>> = {};
  for (const m of scanMeasurements(text)) out[m.name] ??= formatMeasurement(m, locale);
  return out;
}

describe('measurements in free text', () => {
  const cases: ReadonlyArray<readonly [string, Partial<Record<MeasurementName, string>>]> = [
    ['LED bulb, 9 W, 806 lm, 2700 K warm white light', { power: '9 W', luminous_flux: '806 lm', colour_temperature: '2700 K' }],
    ['LED-Birne mit warmweißem Licht (2700 K) und 806 Lumen', { colour_temperature: '2700 K', luminous_flux: '806 Lumen' }],
    [
      'Powerbank mit 10000 mAh und 25 W USB-C Power Delivery. Maße 106 × 52 × 25 mm, Gewicht 194 g.',
      { battery_capacity: '10,000 mAh', power: '25 W', usb: 'USB-C', dimensions: '106 × 52 × 25 mm', weight: '194 g' },
    ],
    ['Téléviseur de 138 cm (55 pouces), Bluetooth 5.2. Classe énergétique G.', { screen_size: '55 pouces', bluetooth_version: '5.2', energy_class: 'G' }],
    ['Soporta cargas de hasta 2300 W (10 A, 220-240 V). Pack de 2 unidades.', { power: '2300 W', current: '10 A', voltage: '220-240 V', pieces_per_pack: '2' }],
    ['IP67 waterproof, with up to 12 hours of playtime.', { ip_rating: 'IP67', battery_life: '12 hours' }],
    ['Akku-Laufzeit bis zu 30 Stunden, USB 3.2 Gen 1', { battery_life: '30 Stunden', usb: 'USB 3.2 Gen 1' }],
    ['Tazza in gres, capacità 350 ml.', { capacity: '350 ml' }],
    ['Pedaalemmer, inhoud 30 liter. Afmetingen 68 × 39,3 × 30 cm.', { capacity: '30 liter', dimensions: '68 × 39.3 × 30 cm' }],
    ['Diametro 24 cm, consumo 88 kWh/1000 h', { diameter: '24 cm', energy: '88 kWh/1000 h' }],
    ['Laptop 39.6 cm (15.6") Full HD', { screen_size: '15.6"' }],
    ['Bateria 5000 mAh, klasa energetyczna A++', { battery_capacity: '5000 mAh', energy_class: 'A++' }],
  ];
  for (const [text, expected] of cases) {
    test(text, () => {
      const found = read(text);
      for (const [name, value] of Object.entries(expected)) assert.equal(found[name as MeasurementName], value, JSON.stringify(found));
    });
  }

  test('what only looks like a measurement is none', () => {
    // A rated life is no battery life; a net weight is the content, not the weight; a 4K TV has no colour temperature.
    assert.deepEqual(read('Rated life 15,000 hours.'), {});
    assert.deepEqual(read('Peso netto 500 g'), {});
    assert.deepEqual(read('4K UHD television'), {});
    assert.deepEqual(read('Samsung Galaxy A52, 5G'), {});
    assert.deepEqual(read('Tazza mug 350 ml'), {}, 'a volume with no capacity word is left to the quantity rules');
  });

  test('a number is read once: dimensions are not three lengths, 10000 mAh is no current', () => {
    const names = scanMeasurements('Maße 106 × 52 × 25 mm, 10000 mAh').map((m) => m.name);
    assert.deepEqual(names, ['dimensions', 'battery_capacity']);
  });

  test('numbers in the locale style, four digits ungrouped, five and more grouped as the locale groups them', () => {
    assert.equal(read('1.5 V battery', 'it-IT').voltage, '1,5 V');
    assert.equal(read('Dimensions 1230.4 x 707.4 x 25.9 mm', 'de-DE').dimensions, '1230,4 × 707,4 × 25,9 mm');
    // mAh are whole: "2.500 mAh" is 2500 mAh in any language.
    assert.equal(read('Battery 2.500 mAh', 'de-DE').battery_capacity, '2500 mAh');
    assert.equal(read('Battery 10000 mAh', 'en-GB').battery_capacity, '10,000 mAh');
    assert.equal(read('Batterie 10000 mAh', 'de-CH').battery_capacity, "10'000 mAh");
  });

  test('a lone mark before three digits is read in the language of the text', () => {
    const value = (text: string, locale: string | null) => scanMeasurements(text, locale).map((m) => m.amounts.map((a) => a.value));
    assert.deepEqual(value('Gewicht 1.200 kg', 'de'), [['1200']]);
    assert.deepEqual(value('Gewicht 1,250 kg', 'de'), [['1.25']]);
    assert.deepEqual(value('Weight 1,250 kg', 'en'), [['1250']]);
    // Lumen are whole numbers: a German "1,200 lm" is an English-style 1200 lm, as its reader takes it.
    assert.deepEqual(value('Lichtstrom 1,200 lm', 'de'), [['1200']]);
  });

  test('a number grouped with spaces (fr, pl) is read whole, never as its last three digits', () => {
    assert.equal(read('Flux lumineux 1 055 lm', 'fr-FR').luminous_flux, '1055 lm');
    assert.equal(read('Batterie 10\u00a0000 mAh', 'fr-FR').battery_capacity, '10\u202f000 mAh');
    assert.equal(read('Akumulator 20\u202f000 mAh', 'pl-PL').battery_capacity, '20\u00a0000 mAh');
    assert.deepEqual(
      scanMeasurements('Batterie 10 000 mAh').map((m) => m.amounts.map((a) => a.value)),
      [['10000']],
    );
    // A lamp base or a model number before a number groups nothing.
    assert.deepEqual(read('Ampoule E27 806 lm 9 W'), { luminous_flux: '806 lm', power: '9 W' });
  });

  test("a charging time is no battery life, and a per-channel or per-port measure is not the product's", () => {
    assert.equal(read('Charging time 2 hours, battery life 30 hours').battery_life, '30 hours');
    assert.equal(read('Akku: Ladezeit 2 Stunden, Laufzeit 20 Stunden').battery_life, '20 Stunden');
    assert.equal(read('Batteria: ricarica in 3 ore, autonomia 40 ore').battery_life, '40 ore');
    assert.equal(read('Batterie : recharge en 2 h, autonomie 30 h').battery_life, '30 h');
    assert.equal(read('5 Stunden Akkulaufzeit nach 10 Minuten Laden').battery_life, '5 Stunden');
    assert.deepEqual(read('Stereo speaker, 2 x 20 W RMS'), {});
    assert.equal(read('Charger with 2× 65 W USB-C ports').power, undefined);
    assert.deepEqual(read("Levi's 501 jeans, size 32W 30L"), {}, 'waist and leg, not watts');
    assert.deepEqual(read('Size 32 W x 34 L'), {});
    assert.equal(read('Laptop with a 65 W adapter').power, '65 W');
  });
});
