import { InclusionsSection, KeyToSymbolSection, ParametersSection, PriceSection } from './advanced-sections';
import type { SectionId, SectionProps } from './section-props';

/** Price, then the three sections that start collapsed. */
export function AdvancedSearchSections({
  pricesLocked,
  isOpen,
  onToggle,
  ...props
}: SectionProps & {
  pricesLocked: boolean;
  isOpen: (id: SectionId) => boolean;
  onToggle: (id: SectionId) => void;
}) {
  return (
    <>
      <PriceSection {...props} pricesLocked={pricesLocked} />
      <ParametersSection
        {...props}
        open={isOpen('search-parameters')}
        onToggle={() => onToggle('search-parameters')}
      />
      <InclusionsSection
        {...props}
        open={isOpen('search-inclusions')}
        onToggle={() => onToggle('search-inclusions')}
      />
      <KeyToSymbolSection
        {...props}
        open={isOpen('search-key-to-symbol')}
        onToggle={() => onToggle('search-key-to-symbol')}
      />
    </>
  );
}
