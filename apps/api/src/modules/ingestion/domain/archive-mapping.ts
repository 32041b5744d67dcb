/** How the generic adapter finds its file in a ZIP answer (FDJ and BCLC serve one CSV in a ZIP). */
export interface ArchiveMapping {
  type: 'zip';
  /** A regular expression on the member's name; default: the first member named `.csv` (`.json` for JSON). */
  member?: string;
}
