/** A trim as offered in pickers (VIN decode, trim search). */
export type TrimOption = {
  id: number;
  name: string;
  manufacturerCode: string;
  manufacturerName: string;
  modelCode: string;
  modelName: string;
  seriesName: string;
  yearFrom: number | null;
  yearTo: number | null;
  powerKw: number | null;
  fuel: string | null;
  displacementCcm: number | null;
  transmission: string | null;
  bodyType: string | null;
  doors: number | null;
  seats: number | null;
};
