/** The <option>s of a native select, one per [value, label] pair, in the order given. */
export function SelectOptions({ options }: { options: readonly (readonly [value: string, label: string])[] }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
