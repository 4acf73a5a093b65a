CommandLineTool.main()
