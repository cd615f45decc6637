// The class lists the app's components render for the sign-in page (components/ui button, input, label,
// card and tabs, after `cn` merged them), copied so the page looks the same without React.

const BUTTON =
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium text-sm outline-none transition-[color,background-color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-invalid:ring-destructive/30 [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0";

export const CLASSES = {
  frame: "flex min-h-svh flex-col bg-muted/40",
  skipLink:
    "sr-only z-50 rounded-md bg-background px-3 py-2 font-medium text-sm shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-none focus:ring-[3px] focus:ring-ring/50",
  header: "flex items-center justify-between px-4 py-3 md:px-6",
  themeButton: `${BUTTON} hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50 size-8`,
  main: "flex flex-1 items-center justify-center p-4 outline-none",
  card: "flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm w-full max-w-md",
  cardHeader:
    "@container/card-header grid auto-rows-min grid-rows-[auto_auto] items-start gap-1.5 px-6 has-data-[slot=card-action]:grid-cols-[1fr_auto] [.border-b]:pb-6 text-center",
  cardTitle: "font-semibold text-2xl",
  cardDescription: "text-muted-foreground text-sm",
  cardContent: "px-6",
  cardFooter: "flex items-center px-6 [.border-t]:pt-6 justify-center text-muted-foreground text-sm",
  tabs: "flex min-w-0 flex-col gap-2",
  tabList:
    "h-9 items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground mb-4 grid w-full grid-cols-2",
  tab: "inline-flex h-[calc(100%-1px)] flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-2 py-1 font-medium text-foreground text-sm outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
  tabPanel: "min-w-0 flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
  buyerNote: "rounded-md bg-muted p-3 text-muted-foreground text-sm",
  label:
    "flex select-none items-center gap-2 font-medium text-sm leading-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
  input:
    "flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none transition-[color,box-shadow] selection:bg-primary selection:text-primary-foreground file:inline-flex file:h-7 file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm placeholder:text-muted-foreground disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
  passwordToggle:
    "absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
  link: "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50",
  forgotLink:
    "rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 font-normal text-sm",
  fieldMessage: "text-destructive text-sm",
  alert: "flex gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-destructive text-sm",
  submit: `${BUTTON} bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 h-9 px-4 py-2 has-[>svg]:px-3 w-full`,
  outlineButton: `${BUTTON} border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50 h-9 px-4 py-2 has-[>svg]:px-3 w-full`,
  separator: "flex items-center gap-3 text-muted-foreground text-xs uppercase",
  footer: "border-t px-4 py-4 text-muted-foreground text-sm md:px-6",
  footerRow: "flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between",
  footerLink:
    "rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50",
  devBanner:
    "flex items-center justify-center gap-2 bg-amber-100 px-3 py-1 text-center text-amber-950 text-xs dark:bg-amber-950 dark:text-amber-100",
} as const;
