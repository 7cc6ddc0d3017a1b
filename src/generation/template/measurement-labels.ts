// Labels of the measurement attributes read from free text, in the eight languages the template
// engine writes, and how a measurement is written in a locale. English is the fallback.
import type { Measurement, MeasurementName } from '../../domain/measurements/scan-measurements.ts';
import { formatNumber } from './units.ts';

type Labels = Readonly<Record<MeasurementName, string>>;

const LABELS: Readonly<Record<string, Labels>> = {
  en: {
    power: 'Power',
    energy: 'Energy consumption',
    luminous_flux: 'Luminous flux',
    colour_temperature: 'Colour temperature',
    voltage: 'Voltage',
    current: 'Current',
    battery_capacity: 'Battery capacity',
    capacity: 'Capacity',
    weight: 'Weight',
    dimensions: 'Dimensions',
    diameter: 'Diameter',
    screen_size: 'Screen size',
    pieces_per_pack: 'Pieces per pack',
    battery_life: 'Battery life',
    bluetooth_version: 'Bluetooth',
    usb: 'USB',
    ip_rating: 'Protection rating',
    energy_class: 'Energy class',
  },
  it: {
    power: 'Potenza',
    energy: 'Consumo di energia',
    luminous_flux: 'Flusso luminoso',
    colour_temperature: 'Temperatura di colore',
    voltage: 'Tensione',
    current: 'Corrente',
    battery_capacity: 'Capacità della batteria',
    capacity: 'Capacità',
    weight: 'Peso',
    dimensions: 'Dimensioni',
    diameter: 'Diametro',
    screen_size: 'Dimensione schermo',
    pieces_per_pack: 'Pezzi per confezione',
    battery_life: 'Autonomia',
    bluetooth_version: 'Bluetooth',
    usb: 'USB',
    ip_rating: 'Grado di protezione',
    energy_class: 'Classe energetica',
  },
  de: {
    power: 'Leistung',
    energy: 'Energieverbrauch',
    luminous_flux: 'Lichtstrom',
    colour_temperature: 'Farbtemperatur',
    voltage: 'Spannung',
    current: 'Stromstärke',
    battery_capacity: 'Akkukapazität',
    capacity: 'Fassungsvermögen',
    weight: 'Gewicht',
    dimensions: 'Abmessungen',
    diameter: 'Durchmesser',
    screen_size: 'Bildschirmdiagonale',
    pieces_per_pack: 'Stück pro Packung',
    battery_life: 'Akkulaufzeit',
    bluetooth_version: 'Bluetooth',
    usb: 'USB',
    ip_rating: 'Schutzart',
    energy_class: 'Energieeffizienzklasse',
  },
  fr: {
    power: 'Puissance',
    energy: "Consommation d'énergie",
    luminous_flux: 'Flux lumineux',
    colour_temperature: 'Température de couleur',
    voltage: 'Tension',
    current: 'Intensité',
    battery_capacity: 'Capacité de la batterie',
    capacity: 'Contenance',
    weight: 'Poids',
    dimensions: 'Dimensions',
    diameter: 'Diamètre',
    screen_size: "Taille de l'écran",
    pieces_per_pack: 'Pièces par paquet',
    battery_life: 'Autonomie',
    bluetooth_version: 'Bluetooth',
    usb: 'USB',
    ip_rating: 'Indice de protection',
    energy_class: 'Classe énergétique',
  },
  es: {
    power: 'Potencia',
    energy: 'Consumo de energía',
    luminous_flux: 'Flujo luminoso',
    colour_temperature: 'Temperatura de color',
    voltage: 'Tensión',
    current: 'Corriente',
    battery_capacity: 'Capacidad de la batería',
    capacity: 'Capacidad',
    weight: 'Peso',
    dimensions: 'Dimensiones',
    diameter: 'Diámetro',
    screen_size: 'Tamaño de pantalla',
    pieces_per_pack: 'Piezas por paquete',
    battery_life: 'Autonomía',
    bluetooth_version: 'Bluetooth',
    usb: 'USB',
    ip_rating: 'Grado de protección',
    energy_class: 'Clase energética',
  },
  nl: {
    power: 'Vermogen',
    energy: 'Energieverbruik',
    luminous_flux: 'Lichtstroom',
    colour_temperature: 'Kleurtemperatuur',
    voltage: 'Spanning',
    current: 'Stroomsterkte',
    battery_capacity: 'Batterijcapaciteit',
    capacity: 'Inhoud',
    weight: 'Gewicht',
    dimensions: 'Afmetingen',
    diameter: 'Diameter',
    screen_size: 'Schermdiagonaal',
    pieces_per_pack: 'Stuks per verpakking',
    battery_life: 'Batterijduur',
    bluetooth_version: 'Bluetooth',
    usb: 'USB',
    ip_rating: 'Beschermingsgraad',
    energy_class: 'Energieklasse',
  },
  pt: {
    power: 'Potência',
    energy: 'Consumo de energia',
    luminous_flux: 'Fluxo luminoso',
    colour_temperature: 'Temperatura de cor',
    voltage: 'Tensão',
    current: 'Corrente',
    battery_capacity: 'Capacidade da bateria',
    capacity: 'Capacidade',
    weight: 'Peso',
    dimensions: 'Dimensões',
    diameter: 'Diâmetro',
    screen_size: 'Tamanho do ecrã',
    pieces_per_pack: 'Peças por embalagem',
    battery_life: 'Autonomia',
    bluetooth_version: 'Bluetooth',
    usb: 'USB',
    ip_rating: 'Grau de proteção',
    energy_class: 'Classe energética',
  },
  pl: {
    power: 'Moc',
    energy: 'Zużycie energii',
    luminous_flux: 'Strumień świetlny',
    colour_temperature: 'Temperatura barwowa',
    voltage: 'Napięcie',
    current: 'Natężenie prądu',
    battery_capacity: 'Pojemność akumulatora',
    capacity: 'Pojemność',
    weight: 'Waga',
    dimensions: 'Wymiary',
    diameter: 'Średnica',
    screen_size: 'Przekątna ekranu',
    pieces_per_pack: 'Sztuk w opakowaniu',
    battery_life: 'Czas pracy na baterii',
    bluetooth_version: 'Bluetooth',
    usb: 'USB',
    ip_rating: 'Stopień ochrony',
    energy_class: 'Klasa energetyczna',
  },
};

/** The order measurement bullets take: what a shopper compares first. */
export const MEASUREMENT_ORDER: readonly MeasurementName[] = [
  'screen_size',
  'power',
  'luminous_flux',
  'colour_temperature',
  'energy_class',
  'energy',
  'battery_capacity',
  'battery_life',
  'capacity',
  'voltage',
  'current',
  'bluetooth_version',
  'usb',
  'ip_rating',
  'pieces_per_pack',
  'dimensions',
  'diameter',
  'weight',
];

export function measurementLabel(name: MeasurementName, language: string): string {
  return (LABELS[language] ?? LABELS.en)?.[name] ?? name;
}

export function isMeasurementName(name: string): name is MeasurementName {
  return (MEASUREMENT_ORDER as readonly string[]).includes(name);
}

/**
 * A measurement as the source wrote it, its numbers in the locale's style ("1.5 V" → "1,5 V" in
 * Italian; "806 Lumen", "220-240 V" keep their spelling, so the grounding check finds them in the
 * fact). A number whose reading would be a guess ("1.200" in text of no known language) is kept as written.
 */
export function formatMeasurement(m: Measurement, locale: string): string {
  if (m.text !== null) return m.text;
  let out = '';
  let rest = m.written;
  for (const amount of m.amounts) {
    const at = rest.indexOf(amount.written);
    if (at === -1) continue;
    out += rest.slice(0, at) + (amount.ambiguous ? amount.written : formatNumber(amount.value, locale));
    rest = rest.slice(at + amount.written.length);
  }
  return (out + rest).replace(/\s*[x×]\s*(?=\d)/gu, ' × ');
}
