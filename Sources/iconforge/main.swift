import IconForgeKit

CommandLineTool.main()
